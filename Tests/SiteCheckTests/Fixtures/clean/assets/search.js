console.log("search");
